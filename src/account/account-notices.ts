/** The refusals a user can meet on the account page, each shown there with the way forward. */
export type AccountNotice = "LastWayIn" | "MissingCSRF" | "ConfirmationRequired";

export const accountNotices: readonly AccountNotice[] = ["LastWayIn", "MissingCSRF", "ConfirmationRequired"];
