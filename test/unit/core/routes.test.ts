import { inProcess } from "../../helpers/auth-client.js";
import { describeRoutes } from "../../helpers/route-suite.js";

describeRoutes("Request objects through auth.fetch", inProcess);
