import express from "express";
import request from "supertest";
import { sendJsonText } from "./send-json";

/** A route that answers `text` through sendJsonText. */
function app(text: string) {
  const server = express();
  server.get("/text", (_req, res) => sendJsonText(res, 202, text));
  return server;
}

describe("sendJsonText", () => {
  it("answers the text with its byte length and res.json's content type", async () => {
    // multi-byte UTF-8 (2, 3 and 4 bytes), in a large answer
    const item = JSON.stringify({ text: "é€😀 x".repeat(50), n: 1 });
    const text = `{"data":[${Array.from({ length: 12_000 }, () => item).join(",")}]}`;
    const res = await request(app(text)).get("/text").buffer(true);
    expect(res.status).toBe(202);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(Number(res.headers["content-length"])).toBe(Buffer.byteLength(text));
    expect(res.text).toBe(text);
    const small = await request(app('{"a":"ü"}')).get("/text");
    expect(small.body).toEqual({ a: "ü" });
    expect(small.headers["content-length"]).toBe("10"); // 9 characters, ü two bytes
  });
});
