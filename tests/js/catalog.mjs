// Loads the real message catalog (static/i18n/en.json) into i18n.js under Node, whose fetch has no file: URLs.
import { readFile } from "node:fs/promises";
import { loadCatalog } from "../../static/js/i18n.js";

/** Load `lang`'s catalog the way a page does (English filling gaps; a missing catalog falls back to English). */
export async function loadRealCatalog(lang = "en") {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (url) => {
    try {
      const text = await readFile(new URL(url), "utf8");
      return { ok: true, json: async () => JSON.parse(text) };
    } catch {
      return { ok: false, status: 404, json: async () => ({}) };
    }
  };
  try {
    await loadCatalog(lang);
  } finally {
    globalThis.fetch = realFetch;
  }
}
