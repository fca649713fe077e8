import express from "express";
import request from "supertest";
import { JsonAnswer, sendJsonText } from "./send-json";

/** A route that answers `pieces` through a JsonAnswer, and one through sendJsonText. */
function app(pieces: string[]) {
  const server = express();
  server.get("/answer", (_req, res) => {
    const answer = new JsonAnswer();
    for (const piece of pieces) answer.write(piece);
    answer.send(res, 202);
  });
  server.get("/text", (_req, res) => sendJsonText(res, 202, pieces.join("")));
  return server;
}

describe("JsonAnswer and sendJsonText", () => {
  // multi-byte UTF-8 (2, 3 and 4 bytes) and, past 2 MiB, more than one pooled buffer holds
  const item = JSON.stringify({ text: "é€😀 x".repeat(50), n: 1 });
  const pieces = ['{"data":[', item, ...Array.from({ length: 12_000 }, () => `,${item}`), "]}"];
  const text = pieces.join("");

  it.each(["/answer", "/text"])(
    "%s answers the text with its byte length and res.json's content type",
    async (path) => {
      const server = app(pieces);
      for (let round = 0; round < 2; round++) {
        // again and again: a buffer back from the pool must not leak the previous answer's bytes
        const res = await request(server).get(path).buffer(true);
        expect(res.status).toBe(202);
        expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
        expect(Number(res.headers["content-length"])).toBe(Buffer.byteLength(text));
        expect(Buffer.byteLength(text)).toBeGreaterThan(2 * 1024 * 1024);
        expect(res.text).toBe(text);
      }
      const small = await request(app(['{"a":"ü"}'])).get(path);
      expect(small.body).toEqual({ a: "ü" });
      expect(small.headers["content-length"]).toBe("10"); // 9 characters, ü two bytes
    },
  );
});
