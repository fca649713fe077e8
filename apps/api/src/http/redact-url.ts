/**
 * The request URL as the access log may write it. Keys belong in the Authorization header, and a
 * key sent in a query string is refused, but the URL it came in is still logged: the values of
 * secret-named query parameters and anything shaped like a ctxlog key or webhook secret go.
 */

export const REDACTED = "[redacted]";

/** Parameter names whose value is a credential (compared lowercased, after percent-decoding). */
const SECRET_PARAM_ANYWHERE = /token|secret|passw|signature|credential|api_?key|private_?key|bearer|jwt/;
const SECRET_PARAM_WORD = /(?:^|[_.-])(?:key|keys|sig|auth|authorization|pwd|pass|session(?:_?id)?)$/;
const isSecretParam = (name: string) => SECRET_PARAM_ANYWHERE.test(name) || SECRET_PARAM_WORD.test(name);

// `_` may arrive percent-encoded (%5F); a key starts where no letter or digit precedes it.
const U = "(?:_|%5[Ff])";
const SECRET_SHAPES = [
  // sk_ (full), sk_ro_ (read only), sk_r_ (restricted), pk_ (public) + base62; a truncated or
  // padded key is still a key
  new RegExp(`(?<![A-Za-z0-9])(?:sk${U}(?:ro${U}|r${U})?|pk${U})[A-Za-z0-9]{16,}`, "g"),
  // whsec_ + base64 (standard or URL-safe, possibly percent-encoded)
  new RegExp(`(?<![A-Za-z0-9])whsec${U}[A-Za-z0-9+/=%_-]*`, "g"),
];

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}

/** Whether text carries anything shaped like a ctxlog key or a webhook secret. */
export function containsSecretShape(text: string): boolean {
  return redactShapes(text) !== text;
}

function redactShapes(text: string): string {
  let out = text;
  for (const shape of SECRET_SHAPES) out = out.replace(shape, REDACTED);
  return out;
}

function redactQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq === -1) return pair;
      const name = pair.slice(0, eq);
      return isSecretParam(decodeName(name).toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
}

export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  return redactShapes(q === -1 ? url : `${url.slice(0, q + 1)}${redactQuery(url.slice(q + 1))}`);
}
