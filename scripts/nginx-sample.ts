// The nginx configuration in front of the app, generated: docs/operations.md prints it (a unit test
// checks the two are the same), and `npm run bench:cluster` runs it with its own ports. Its body-size
// limit comes from app/platform/request-limits.ts, so nginx never refuses, with its own English page, a
// request the app would answer in French. `npx tsx scripts/nginx-sample.ts` prints the documented one.
import { pathToFileURL } from "node:url";
import { megabytesLabel, PROXY_BODY_BYTES, REQUEST_LIMITS } from "../app/platform/request-limits";

export interface NginxSite {
  /** What follows `listen` (a port, or `443 ssl`), with an optional comment after it. */
  listen: string;
  serverName?: string;
  /** host:port of each instance. */
  upstreams: string[];
}

/** The documented deployment: two instances on one host, nginx on port 80. */
export const DOCUMENTED_SITE: NginxSite = {
  listen: "80;  # or 443 ssl with your certificate",
  serverName: "www.example.fr",
  upstreams: ["127.0.0.1:3001", "127.0.0.1:3002"],
};

/** nginx's size syntax: whole megabytes as `32m`, otherwise kilobytes rounded up. */
const nginxSize = (bytes: number) =>
  bytes % 2 ** 20 === 0 ? `${bytes / 2 ** 20}m` : `${Math.ceil(bytes / 1024)}k`;

/** The `upstream` and `server` blocks (what goes inside nginx's `http { }`). */
export function nginxSite({ listen, serverName, upstreams }: NginxSite): string {
  const limits = `a document ${megabytesLabel(REQUEST_LIMITS.fileBytes)}, an application ${megabytesLabel(REQUEST_LIMITS.applicationBytes)}, a picture ${megabytesLabel(REQUEST_LIMITS.imageBytes)}`;
  return `upstream centre {
${upstreams.map((u) => `  server ${u} max_fails=1 fail_timeout=5s;`).join("\n")}
  keepalive 64;
  # Shorter than the servers' 5 s keep-alive timeout: nginx closes idle connections first.
  keepalive_timeout 4s;
}

server {
  listen ${listen.includes(";") ? listen : `${listen};`}
${serverName ? `  server_name ${serverName};\n` : ""}  # The app refuses a request too large itself, with a French message next to the field
  # (${limits}); nginx lets more through,
  # so that it never answers first with its own English 413 page.
  client_max_body_size ${nginxSize(PROXY_BODY_BYTES)};
  proxy_http_version 1.1;
  proxy_set_header Connection "";
  # With its port: React Router refuses an action whose Origin does not match the Host it sees.
  proxy_set_header Host $http_host;
  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
  proxy_set_header X-Forwarded-Proto $scheme;
  # A refused connection (instance down) is retried on the other one; a POST already sent is not.
  proxy_next_upstream error timeout;
  proxy_connect_timeout 2s;

  location /api/events {
    proxy_pass http://centre;
    # Server-sent events: pass every event at once, keep the stream open (heartbeat every 25 s).
    proxy_buffering off;
    proxy_cache off;
    proxy_read_timeout 1h;
  }
  location / {
    proxy_pass http://centre;
  }
}
`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(nginxSite(DOCUMENTED_SITE));
}
