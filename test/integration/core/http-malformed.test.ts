import { overHttp } from "../../helpers/auth-client.js";
import { describeMalformedInput } from "../../helpers/malformed-suite.js";

describeMalformedInput("real HTTP through @hono/node-server", overHttp);
