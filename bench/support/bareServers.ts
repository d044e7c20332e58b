/**
 * The framework's floor and the platform's ceiling of the HTTP benchmarks (bench/support/reference.ts):
 * BARE=express (Express 5 + helmet) or BARE=http (node:http) answering every request with the bytes of
 * BODY_FILE, on PORT.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import express from 'express';
import helmet from 'helmet';

const body = readFileSync(process.env.BODY_FILE!);
const port = Number(process.env.PORT);

if (process.env.BARE === 'express') {
  const app = express();
  app.use(helmet());
  app.get('/{*path}', (_req, res) => {
    res.type('json').send(body);
  });
  app.listen(port, '127.0.0.1');
} else {
  createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
    res.end(body);
  }).listen(port, '127.0.0.1');
}
