// Records what the real server answers to `memlint/plan` for every function
// of an MLIR file, for the plan view's browser test:
//   npm run build-tests
//   node out/test/record-plan.js ../../build/cli/memlint ../../examples/transformer_block_gpu.mlir \
//     > test/fixtures/plan-transformer_block_gpu.json
// The document is opened as file:///ws/examples/NAME, so the recording does
// not depend on where the repository is.

import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

interface Pending {
  resolve(v: unknown): void;
  reject(e: Error): void;
}

async function main(): Promise<void> {
  const [binary, file] = process.argv.slice(2);
  if (!binary || !file) {
    process.stderr.write('usage: record-plan MEMLINT FILE.mlir\n');
    process.exit(2);
  }
  const text = fs.readFileSync(file, 'utf8');
  const uri = `file:///ws/examples/${path.basename(file)}`;
  const server = spawn(binary, ['lsp'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let buffer = Buffer.alloc(0);
  server.stdout.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const headerEnd = buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) {
        return;
      }
      const length = Number(/Content-Length: *(\d+)/i.exec(buffer.subarray(0, headerEnd).toString('ascii'))![1]);
      if (buffer.length < headerEnd + 4 + length) {
        return;
      }
      const msg = JSON.parse(buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8'));
      buffer = buffer.subarray(headerEnd + 4 + length);
      if (msg.id !== undefined && pending.has(msg.id) && msg.method === undefined) {
        const p = pending.get(msg.id)!;
        pending.delete(msg.id);
        if (msg.error) {
          p.reject(new Error(msg.error.message));
        } else {
          p.resolve(msg.result);
        }
      }
    }
  });
  const send = (msg: object) => {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...msg }), 'utf8');
    server.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    server.stdin.write(body);
  };
  const request = (method: string, params: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      send({ id, method, params });
    });

  await request('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
  send({ method: 'initialized', params: {} });
  send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'mlir', version: 1, text } } });
  const first = (await request('memlint/plan', { textDocument: { uri } })) as { functions: { name: string }[] };
  const answers = [];
  for (const f of first.functions) {
    answers.push(await request('memlint/plan', { textDocument: { uri }, function: f.name }));
  }
  await request('shutdown', null);
  send({ method: 'exit' });
  const source = path.relative(path.resolve(__dirname, '..', '..', '..', '..'), path.resolve(file));
  process.stdout.write(JSON.stringify({ source, request: 'memlint/plan', answers }, null, 1) + '\n');
}

void main();
