// ESLint for the browser's ES modules (static/js) and the Node unit tests (tests/js): the recommended rules, and
// two that keep a module readable: `complexity` at 15 (ESLint counts every branch, `&&`/`||`, `?.` and `??` and
// default value; its default of 20 let a 32-path render grow; under 15 a function still fits on one screen and is
// read in one go, and what exceeds it is split into named steps, never let through by raising the limit) and
// `no-shadow` (an inner name hiding an outer one, as `snap` did in the table page). static/vendor is third-party
// code, served as shipped.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["static/vendor/", "node_modules/", "artifacts/", ".venv/"] },
  js.configs.recommended,
  { rules: { complexity: ["error", 15], "no-shadow": "error" } },
  {
    files: ["static/js/**/*.js"],
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: globals.browser },
  },
  {
    files: ["tests/js/**/*.mjs", "eslint.config.js"],
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: globals.node },
  },
];
