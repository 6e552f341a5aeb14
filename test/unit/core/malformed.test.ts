import { inProcess } from "../../helpers/auth-client.js";
import { describeMalformedInput } from "../../helpers/malformed-suite.js";

describeMalformedInput("Request objects through auth.fetch", inProcess);
