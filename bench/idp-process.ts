/**
 * The oauth-callback scenario's IdP, in a process of its own as a real IdP would be (its CPU time and its
 * Web Crypto calls stay out of the bench's process). Registers the callback URL given as the argument,
 * prints its issuer, and exits when its parent closes stdin (or dies).
 */
import { startLocalIdp } from "../examples/demo/local-idp.js";
import { idpClients } from "../test/helpers/oidc-idp.js";
import { user } from "./subjects.js";

const idp = await startLocalIdp({ clients: [idpClients.confidential], users: [{ sub: user.id, email: user.email, name: user.name }], quiet: true });
await idp.setRedirectUris([process.argv[2]]);
process.stdout.write(`${idp.issuer}\n`);
process.stdin.resume().on("end", () => process.exit());
