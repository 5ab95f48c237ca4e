/** The few functions of semver (a dependency of npm tooling in node_modules) that node-engines.ts uses. */
declare module 'semver' {
  interface Options {
    includePrerelease?: boolean;
  }
  const semver: {
    satisfies(version: string, range: string, options?: Options): boolean;
    validRange(range: string): string | null;
    minVersion(range: string): { version: string } | null;
  };
  export default semver;
}
