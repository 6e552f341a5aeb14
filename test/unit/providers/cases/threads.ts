import Threads from "../../../../src/providers/threads.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Threads,
  id: "threads",
  name: "Threads",
  type: "oauth",
  hosts: ["threads.net"],
  payload: {
    id: "1234567",
    username: "threadsapitestuser",
    name: "Threads API Test User",
    threads_profile_picture_url: "https://scontent-sjc3-1.cdninstagram.com/link/to/profile/picture/on/threads/",
  },
  user: {
    id: "1234567",
    name: "Threads API Test User",
    email: null,
    image: "https://scontent-sjc3-1.cdninstagram.com/link/to/profile/picture/on/threads/",
  },
});
