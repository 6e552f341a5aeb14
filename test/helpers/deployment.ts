/** Instances served over HTTP that are configured once they listen, so that deployments can name each other's origins. */
import { type AuthConfig } from "../../src/index.js";
import { createAuth } from "./plain-providers.js";
import { overHttp, type FetchLike, type Transport } from "./auth-client.js";

export interface Deployment extends Transport {
  /** Serves an instance with this configuration from now on; 503 until the first call. */
  serve(config: AuthConfig, env?: Record<string, string>): void;
}

/** Starts listening; `servers` gets the transport, for the suite to close. */
export async function listen(servers: Transport[]): Promise<Deployment> {
  let handle: FetchLike = () => new Response(null, { status: 503 });
  const transport = await overHttp((request) => handle(request));
  servers.push(transport);
  return {
    ...transport,
    serve(config, env = {}) {
      handle = createAuth(config, { env }).fetch;
    },
  };
}
