// End of life of Node's LTS lines (nodejs.org, "Previous releases"): `npm start` says so in one line
// past it, since security teams refuse to run an end-of-life runtime.
const NODE_EOL = { 18: "2025-04-30", 20: "2026-04-30", 22: "2027-04-30", 24: "2028-04-30" };

/** The one-line warning for a Node version past its end of life at `now`, or null. */
function endOfLifeWarning(version, now = Date.now()) {
  const eol = NODE_EOL[Number(version.split(".")[0])];
  if (!eol || now < Date.parse(eol)) return null;
  return `ctxlog: Node ${version} reached end of life on ${eol}; use Node 24 LTS (or 22).`;
}

module.exports = { endOfLifeWarning };
