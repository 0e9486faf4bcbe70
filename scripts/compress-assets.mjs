// Writes .br and .gz beside every built client asset, so the server sends them precompressed.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dir = path.resolve(import.meta.dirname, "../build/client");
const compressible = /\.(js|css|svg|html|json|txt|map)$/;

function walk(folder) {
  for (const entry of readdirSync(folder)) {
    const full = path.join(folder, entry);
    if (statSync(full).isDirectory()) walk(full);
    else if (compressible.test(entry)) {
      const data = readFileSync(full);
      if (data.length < 512) continue;
      writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
      writeFileSync(`${full}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  }
}
walk(dir);
