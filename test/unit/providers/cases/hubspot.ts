import { expect } from "vitest";
import HubSpot from "../../../../src/providers/hubspot.js";
import { defineCase } from "../case.js";

const payload = {
  token: "CJSP5qf1KhICAQEYs-gDIIGOBii1hQIyGQAf3xBKmlwHjX7OIpuIFEavB2-qYAGQsF4",
  user: "test@hubspot.com",
  hub_domain: "demo.hubapi.com",
  scopes: ["oauth", "crm.objects.contacts.read"],
  hub_id: 62515,
  app_id: 456,
  expires_in: 21588,
  user_id: 123,
  token_type: "access",
};

export default defineCase({
  provider: HubSpot,
  id: "hubspot",
  name: "HubSpot",
  type: "oauth",
  hosts: ["hubspot.com", "hubapi.com"],
  payload,
  user: { id: "123", name: "test@hubspot.com", email: "test@hubspot.com", image: null },
  api: {
    tokens: { access_token: payload.token, token_type: "bearer" },
    answers: { [`GET api.hubapi.com/oauth/v1/access-tokens/${payload.token}`]: payload },
    check([request]) {
      expect(request.headers.get("authorization")).toBeNull();
    },
  },
});
