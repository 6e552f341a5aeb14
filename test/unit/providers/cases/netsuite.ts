import { expect } from "vitest";
import NetSuite from "../../../../src/providers/netsuite.js";
import { defineCase } from "../case.js";

// Sandbox account ids keep their suffix, in the host-name form.
expect(NetSuite({ accountID: "1234567_SB1" }).token).toBe(
  "https://1234567-sb1.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token",
);

export default defineCase({
  provider: NetSuite,
  id: "netsuite",
  name: "NetSuite",
  type: "oauth",
  options: {
    accountID: "TSTDRV1234567",
    userinfo: "https://tstdrv1234567.restlets.api.netsuite.com/app/site/hosting/restlet.nl?script=486&deploy=1",
  },
  hosts: ["netsuite.com"],
  payload: { id: 1234, name: "Nina Suite", email: "nina@example.com", location: 1, role: 3, roleId: "administrator", subsidiary: 1 },
  user: { id: "1234", name: "Nina Suite", email: "nina@example.com", image: null },
});
