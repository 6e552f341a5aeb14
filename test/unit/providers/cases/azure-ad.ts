import AzureAD from "../../../../src/providers/azure-ad.js";
import { defineCase } from "../case.js";
import entra from "./microsoft-entra-id.js";

export default defineCase({ ...entra, provider: AzureAD, id: "azure-ad", name: "Azure Active Directory" });
