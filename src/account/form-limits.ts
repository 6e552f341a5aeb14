/** The longest passkey name kept, in characters. */
export const PASSKEY_NAME_MAX = 64;

/** What the `confirm` field of deleting an account must hold: typed by hand, so that no stray click deletes an account. */
export const DELETE_CONFIRMATION = "DELETE";
