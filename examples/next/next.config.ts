import type { NextConfig } from "next";

const config: NextConfig = {
  // The build only compiles; the test suite type-checks the app with tsc.
  typescript: { ignoreBuildErrors: true },
  // Each test build starts from a clean copy, so a persistent build cache would only cost time.
  experimental: { turbopackFileSystemCacheForBuild: false },
  poweredByHeader: false,
  // Prerendering as Next.js 16 does it with Cache Components: nothing nondeterministic outside Suspense.
  cacheComponents: true,
};

export default config;
