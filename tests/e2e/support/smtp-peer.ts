// The e2e suite's mail server: a real SMTP peer on loopback, plus a small HTTP API on which the
// tests read what arrived (GET /messages?to=…) and simulate an outage (POST /down, POST /up).
import http from "node:http";
import { startSmtpPeer } from "../../support/smtp";

const smtpPort = Number(process.env.SMTP_PEER_PORT);
const apiPort = Number(process.env.SMTP_API_PORT);
const peer = await startSmtpPeer(smtpPort);

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/health") return void res.end("ok");
    if (url.pathname === "/down" && req.method === "POST") peer.down();
    if (url.pathname === "/up" && req.method === "POST") peer.up();
    const to = url.searchParams.get("to");
    const messages = to ? peer.to(to) : peer.messages;
    res.setHeader("content-type", "application/json");
    res.end(
      JSON.stringify(
        messages.map(({ to, subject, body, attachments }) => ({ to, subject, body, attachments })),
      ),
    );
  })
  .listen(apiPort, "127.0.0.1");
