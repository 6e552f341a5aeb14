/** @type {import("@sveltejs/kit").Config} */
export default { kit: {} };
