/** The demo's icon: a gate (関所) in the sign-in pages' blue, as SVG, served at /favicon.ico where browsers ask for it. */
export const favicon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="7" fill="#2f5bd3"/>
<path d="M6 10h20M8 14h16M10 10v15M22 10v15" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/>
</svg>
`;
