import { overHttp } from "../../helpers/auth-client.js";
import { describeRoutes } from "../../helpers/route-suite.js";

describeRoutes("real HTTP through @hono/node-server", overHttp);
