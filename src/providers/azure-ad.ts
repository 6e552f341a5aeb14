import { brandStyle } from "../config/providers/logos.js";
import MicrosoftEntraID, { type MicrosoftEntraIDProfile } from "./microsoft-entra-id.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

export type AzureADProfile = MicrosoftEntraIDProfile;

/** The former name of Microsoft Entra ID, kept so that existing `azure-ad` accounts stay linked. */
export default function AzureAD(options: Partial<OAuthProviderConfig<AzureADProfile>> = {}): OAuthProviderConfig<AzureADProfile> {
  return {
    ...MicrosoftEntraID(options),
    id: "azure-ad",
    name: "Azure Active Directory",
    style: brandStyle("AD", "#0072c6"),
  };
}
