import Huggingface from "../../../../src/providers/huggingface.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Huggingface,
  id: "huggingface",
  name: "Hugging Face",
  type: "oidc",
  issuer: "https://huggingface.co",
  payload: {
    sub: "5f0b6a3c2e1d4c5b6a7f8e9d",
    name: "Clem Delangue",
    preferred_username: "clem",
    profile: "https://huggingface.co/clem",
    picture: "https://cdn-avatars.huggingface.co/v1/production/uploads/clem.png",
    website: "https://huggingface.co",
    email: "clem@example.com",
    email_verified: true,
    isPro: true,
    iss: "https://huggingface.co",
    aud: "2f1e0d9c-8b7a-4c6d-9e5f-4a3b2c1d0e9f",
    iat: 1700000000,
    exp: 1700003600,
  },
  user: {
    id: "5f0b6a3c2e1d4c5b6a7f8e9d",
    name: "Clem Delangue",
    email: "clem@example.com",
    image: "https://cdn-avatars.huggingface.co/v1/production/uploads/clem.png",
  },
});
