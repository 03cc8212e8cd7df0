// The explorer's question to the server: POST /api/explore/<game> (the engine's DECL.explore) with the position;
// the engine's verdict, or why there is none.

/** Ask `endpoint` about the position `body`: `{result}` (the engine's verdict) or `{error}` (the refusal's reason,
 * the response's status, or the failure in words). */
export async function explore(endpoint, body) {
  try {
    const response = await fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = await response.json();
    return response.ok ? { result: data } : { error: data.error || response.statusText };
  } catch (err) {
    return { error: String(err) };
  }
}
