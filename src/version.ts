import packageJson from "../package.json" with { type: "json" };

// The build writes package.json's version into the bundle: nothing to read at start-up.
export const version: string = packageJson.version;
