import type { Adapter } from "./types.js";

/**
 * Optional capability beyond the Auth.js contract: run several adapter calls as one unit.
 * If `fn` throws, none of its writes remain. The adapter handed to `fn` performs its calls inside
 * the transaction; calling `transaction` on it again joins the same transaction.
 */
export interface AdapterTransactions {
  transaction<T>(fn: (tx: Adapter) => Promise<T>): Promise<T>;
}

/** What sekisho's own adapters return: every contract method, plus transactions. */
export type TransactionalAdapter = Required<Adapter> & {
  transaction<T>(fn: (tx: TransactionalAdapter) => Promise<T>): Promise<T>;
};

export function supportsTransactions(adapter: Adapter): adapter is Adapter & AdapterTransactions {
  return typeof (adapter as Partial<AdapterTransactions>).transaction === "function";
}
