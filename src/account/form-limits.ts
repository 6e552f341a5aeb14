/** The longest passkey name kept, in characters. */
export const PASSKEY_NAME_MAX = 64;

/**
 * What the `confirm` field of deleting an account must hold: the page's "I understand" checkbox sends it, so that no
 * stray click deletes an account; a script sends it as it is.
 */
export const DELETE_CONFIRMATION = "DELETE";
