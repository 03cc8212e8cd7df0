// ESLint for the browser's ES modules (static/js) and the Node unit tests (tests/js): the recommended rules.
// static/vendor is third-party code, served as shipped.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["static/vendor/", "node_modules/", "artifacts/", ".venv/"] },
  js.configs.recommended,
  {
    files: ["static/js/**/*.js"],
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: globals.browser },
  },
  {
    files: ["tests/js/**/*.mjs", "eslint.config.js"],
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: globals.node },
  },
];
