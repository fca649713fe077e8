// Filled in by the integration harness.
module.exports = async () => {};
