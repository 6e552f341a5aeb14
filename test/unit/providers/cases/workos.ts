import WorkOS from "../../../../src/providers/workos.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: WorkOS,
  id: "workos",
  name: "WorkOS",
  type: "oauth",
  options: { connection: "conn_01E4ZCR3C56J083X43JQXF3JK5" },
  baseOption: "issuer",
  hosts: ["workos.com"],
  payload: {
    object: "profile",
    id: "prof_01DMC79VCBZ0NY2099737PSVF1",
    connection_id: "conn_01E4ZCR3C56J083X43JQXF3JK5",
    connection_type: "OktaSAML",
    organization_id: "org_01EHWNCE74X7JSDV0X3SZ3KJNY",
    email: "todd@example.com",
    first_name: "Todd",
    last_name: "Rundgren",
    idp_id: "00u1a0ufowBJlzPlk357",
    role: { slug: "admin" },
    raw_attributes: { picture: "https://example.com/todd.jpg" },
  },
  user: { id: "prof_01DMC79VCBZ0NY2099737PSVF1", name: "Todd Rundgren", email: "todd@example.com", image: "https://example.com/todd.jpg" },
});
