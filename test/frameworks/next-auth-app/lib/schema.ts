import type { AdapterAccountType } from "sekisho/adapters"

// The shape of the accounts table in the Drizzle adapter's documented schema.
export interface AccountRow {
  userId: string
  type: AdapterAccountType
  provider: string
  providerAccountId: string
  refresh_token: string | null
  access_token: string | null
  expires_at: number | null
  token_type: string | null
  scope: string | null
  id_token: string | null
  session_state: string | null
}
