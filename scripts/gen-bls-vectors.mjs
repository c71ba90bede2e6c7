// Generates the BLS12-381 known-answer vectors in test/vectors/ from an independent implementation,
// @noble/curves (pure JavaScript), so that cuzk's fields, curves, encodings and pairing are checked
// against code that shares nothing with them.
//
// Made with @noble/curves 2.4.0 (and its dependency @noble/hashes) on Node 20:
//   mkdir -p /tmp/noble && cd /tmp/noble && npm init -y && npm install @noble/curves@2.4.0
//   cd /tmp/noble && node /work/main/scripts/gen-bls-vectors.mjs /work/main/test/vectors
// (the script resolves @noble/* from the current directory, so run it from the install folder).
//
// Deterministic: every "random" value is SHA-256("cuzk-bls-vectors/<label>/<index>") reduced into
// the target range, so rerunning writes byte-identical files.
//
// Conventions of the files:
// - field elements are big-endian hex of the canonical value (Fp: 96 digits, Fr: 64 digits);
// - an Fp2 element is [c0, c1] (c0 + c1*u, u^2 = -1);
// - an Fp12 element is 12 Fp values in noble's serialization order, which is the tower order
//   c0.c0.c0, c0.c0.c1, c0.c1.c0, c0.c1.c1, c0.c2.c0, c0.c2.c1, c1.c0.c0, ..., c1.c2.c1
//   for Fp12 = Fp6 + Fp6*w (w^2 = v), Fp6 = Fp2 + Fp2*v + Fp2*v^2 (v^3 = u + 1);
// - points are hex of the zkcrypto/blst encodings (compressed and uncompressed).
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const require = createRequire(join(process.cwd(), 'noop.js'));
const { bls12_381 } = await import(require.resolve('@noble/curves/bls12-381.js'));
const { sha256 } = await import(require.resolve('@noble/hashes/sha2.js'));

const outDir = resolve(process.argv[2] ?? 'test/vectors');
const { Fp, Fr, Fp2, Fp12 } = bls12_381.fields;
const G1 = bls12_381.G1.Point;
const G2 = bls12_381.G2.Point;
const P = Fp.ORDER;
const R = Fr.ORDER;

const isSquareFp = (a) => Fp.is0(a) || Fp.eql(Fp.pow(a, (P - 1n) / 2n), Fp.ONE);
const hex = (bytes) => Buffer.from(bytes).toString('hex');
const fpHex = (x) => x.toString(16).padStart(96, '0');
const frHex = (x) => x.toString(16).padStart(64, '0');
const fp2Hex = (x) => [fpHex(x.c0), fpHex(x.c1)];
const fp12Hex = (x) => {
  const out = [];
  for (const c6 of [x.c0, x.c1]) for (const c2 of [c6.c0, c6.c1, c6.c2]) out.push(...fp2Hex(c2));
  return out;
};

// A deterministic big integer below `mod` (never zero) for a label and an index.
function derive(label, index, mod) {
  let acc = 0n;
  for (let i = 0; i < 2; i++) {
    const digest = sha256(new TextEncoder().encode(`cuzk-bls-vectors/${label}/${index}/${i}`));
    acc = (acc << 256n) | BigInt('0x' + hex(digest));
  }
  return (acc % (mod - 1n)) + 1n;
}
const fp2 = (label, i) => Fp2.fromBigTuple([derive(label, 2 * i, P), derive(label, 2 * i + 1, P)]);

function write(name, value) {
  const text = JSON.stringify(value, null, 1) + '\n';
  writeFileSync(join(outDir, name), text);
  console.log(`${name}: ${text.length} bytes`);
}

const source =
  '@noble/curves 2.4.0 via scripts/gen-bls-vectors.mjs (cd /tmp/noble && node <repo>/scripts/gen-bls-vectors.mjs <repo>/test/vectors)';

// ---- fields ----
const fp = [];
for (let i = 0; i < 8; i++) {
  const a = derive('fp-a', i, P);
  const b = derive('fp-b', i, P);
  const root = isSquareFp(a) ? Fp.sqrt(a) : null;
  fp.push({
    a: fpHex(a), b: fpHex(b), add: fpHex(Fp.add(a, b)), sub: fpHex(Fp.sub(a, b)),
    mul: fpHex(Fp.mul(a, b)), inv_a: fpHex(Fp.inv(a)), sqrt_a: root === null ? null : fpHex(root),
  });
}
const fr = [];
for (let i = 0; i < 8; i++) {
  const a = derive('fr-a', i, R);
  const b = derive('fr-b', i, R);
  fr.push({
    a: frHex(a), b: frHex(b), add: frHex(Fr.add(a, b)), sub: frHex(Fr.sub(a, b)),
    mul: frHex(Fr.mul(a, b)), inv_a: frHex(Fr.inv(a)),
  });
}
const fp2List = [];
for (let i = 0; i < 8; i++) {
  const a = fp2('fp2-a', i);
  const b = fp2('fp2-b', i);
  // Half the cases are squares by construction, so sqrt is exercised on both outcomes.
  const s = i % 2 === 0 ? Fp2.sqr(a) : a;
  let root = null;
  try {
    root = Fp2.sqrt(s);
  } catch {
    root = null;
  }
  fp2List.push({
    a: fp2Hex(a), b: fp2Hex(b), mul: fp2Hex(Fp2.mul(a, b)), square_a: fp2Hex(Fp2.sqr(a)),
    inv_a: fp2Hex(Fp2.inv(a)), s: fp2Hex(s), sqrt_s: root === null ? null : fp2Hex(root),
  });
}
const fp12List = [];
for (let i = 0; i < 3; i++) {
  const a = Fp12.fromBigTwelve(Array.from({ length: 12 }, (_, j) => derive('fp12-a', 12 * i + j, P)));
  const b = Fp12.fromBigTwelve(Array.from({ length: 12 }, (_, j) => derive('fp12-b', 12 * i + j, P)));
  fp12List.push({
    a: fp12Hex(a), b: fp12Hex(b), mul: fp12Hex(Fp12.mul(a, b)), inv_a: fp12Hex(Fp12.inv(a)),
    frobenius1_a: fp12Hex(Fp12.frobeniusMap(a, 1)), frobenius2_a: fp12Hex(Fp12.frobeniusMap(a, 2)),
  });
}
write('bls12_381_fields.json', { source, fp, fr, fp2: fp2List, fp12: fp12List });

// ---- generator multiples and encodings ----
function multiples(Point, label) {
  const ks = [1n, 2n, 3n, 5n, 0xffffffffn, R - 1n];
  for (let i = 0; i < 6; i++) ks.push(derive(label, i, R));
  const out = ks.map((k) => {
    const q = Point.BASE.multiply(k);
    return { k: frHex(k), compressed: hex(q.toBytes(true)), uncompressed: hex(q.toBytes(false)) };
  });
  out.push({
    k: frHex(0n), compressed: hex(Point.ZERO.toBytes(true)), uncompressed: hex(Point.ZERO.toBytes(false)),
  });
  return out;
}
write('bls12_381_g1.json', { source, multiples: multiples(G1, 'g1-k') });
write('bls12_381_g2.json', { source, multiples: multiples(G2, 'g2-k') });

// ---- pairings ----
const pairings = [];
for (let i = 0; i < 3; i++) {
  const a = i === 0 ? 1n : derive('pair-a', i, R);
  const b = i === 0 ? 1n : derive('pair-b', i, R);
  const gt = bls12_381.pairing(G1.BASE.multiply(a), G2.BASE.multiply(b));
  pairings.push({ a: frHex(a), b: frHex(b), gt: fp12Hex(gt) });
}
write('bls12_381_pairing.json', { source, pairings });

// ---- rejected encodings ----
// A point on the curve but outside the prime-order subgroup: the first x (counting up from a seed)
// whose x^3 + b is a square, without cofactor clearing.
function offSubgroupG1() {
  for (let x = 1n; ; x++) {
    const y2 = Fp.add(Fp.pow(x, 3n), 4n);
    if (!isSquareFp(y2)) continue;
    const p = G1.fromAffine({ x, y: Fp.sqrt(y2) });
    if (!p.isTorsionFree()) return p;
  }
}
function offSubgroupG2() {
  const b = Fp2.fromBigTuple([4n, 4n]);
  for (let i = 1n; ; i++) {
    const x = Fp2.fromBigTuple([i, 1n]);
    const y2 = Fp2.add(Fp2.mul(Fp2.sqr(x), x), b);
    let y;
    try {
      y = Fp2.sqrt(y2);
    } catch {
      continue;
    }
    const p = G2.fromAffine({ x, y });
    if (!p.isTorsionFree()) return p;
  }
}
// An x for which x^3 + b is not a square (no point has this x).
function xOffCurve(F, b, make) {
  for (let i = 1n; ; i++) {
    const x = make(i);
    const y2 = F.add(F.mul(F.sqr(x), x), b);
    let square = true;
    try {
      F.sqrt(y2);
    } catch {
      square = false;
    }
    if (F === Fp) square = isSquareFp(y2);
    if (!square) return x;
  }
}

const setBits = (bytes, mask) => {
  const out = Uint8Array.from(bytes);
  out[0] |= mask;
  return out;
};
const clearBits = (bytes, mask) => {
  const out = Uint8Array.from(bytes);
  out[0] &= ~mask & 0xff;
  return out;
};
const be = (x, len) => Uint8Array.from(Buffer.from(x.toString(16).padStart(2 * len, '0'), 'hex'));
const concat = (...parts) => Uint8Array.from(Buffer.concat(parts.map((p) => Buffer.from(p))));

// The encodings written out by hand (noble refuses to encode a point outside the subgroup).
const fpLarge = (a) => a > (P - 1n) / 2n;
const fp2Large = (a) => (a.c1 !== 0n ? fpLarge(a.c1) : fpLarge(a.c0));
function encodeByHand(point, compressed, encodeX, large) {
  const { x, y } = point.toAffine();
  if (compressed) return setBits(encodeX(x, false), large(y) ? 0xa0 : 0x80);
  return concat(encodeX(x, false), encodeX(y, false));
}

function rejects(Point, fieldBytes, label, offSubgroup, xBad, encodeX, encodeY, large) {
  const n = fieldBytes;  // bytes of one coordinate
  const good = Point.BASE.multiply(derive(label, 0, R));
  for (const c of [true, false]) {
    if (hex(encodeByHand(good, c, encodeX, large)) !== hex(good.toBytes(c))) throw new Error('encoding');
  }
  const comp = good.toBytes(true);
  const unc = good.toBytes(false);
  const infC = Point.ZERO.toBytes(true);
  const infU = Point.ZERO.toBytes(false);
  const { x, y } = good.toAffine();
  const cases = [
    { name: 'compressed without the compression bit', bytes: clearBits(comp, 0x80), error: 'bad_flags' },
    { name: 'compressed infinity with a non-zero byte', bytes: concat(infC.slice(0, n - 1), [1]), error: 'bad_flags' },
    { name: 'compressed infinity with the sign bit', bytes: setBits(infC, 0x20), error: 'bad_flags' },
    { name: 'compressed infinity flag on a point', bytes: setBits(comp, 0x40), error: 'bad_flags' },
    { name: 'uncompressed with the compression bit', bytes: setBits(unc, 0x80), error: 'bad_flags' },
    { name: 'uncompressed with the sign bit', bytes: setBits(unc, 0x20), error: 'bad_flags' },
    { name: 'uncompressed infinity with a non-zero byte', bytes: concat(infU.slice(0, 2 * n - 1), [1]), error: 'bad_flags' },
    { name: 'compressed x not below p', bytes: setBits(encodeX(x, true), 0x80), error: 'non_canonical' },
    { name: 'uncompressed y not below p', bytes: concat(encodeX(x, false), encodeY(y, true)), error: 'non_canonical' },
    ...(n === 96
      ? [{ name: 'compressed x.c0 not below p', bytes: setBits(concat(be(x.c1, 48), be(P + 1n, 48)), 0x80), error: 'non_canonical' }]
      : []),
    { name: 'compressed x with no point', bytes: setBits(encodeX(xBad, false), 0x80), error: 'not_on_curve' },
    { name: 'uncompressed point off the curve', bytes: concat(encodeX(x, false), encodeX(x, false)), error: 'not_on_curve' },
    { name: 'compressed point outside the subgroup', bytes: encodeByHand(offSubgroup, true, encodeX, large), error: 'not_in_subgroup' },
    { name: 'uncompressed point outside the subgroup', bytes: encodeByHand(offSubgroup, false, encodeX, large), error: 'not_in_subgroup' },
  ];
  // Every case must be rejected by noble too (noble checks the subgroup when decoding).
  for (const c of cases) {
    let accepted = true;
    try {
      Point.fromBytes(c.bytes);
    } catch {
      accepted = false;
    }
    if (accepted) throw new Error(`noble accepts the reject case "${c.name}"`);
  }
  return cases.map((c) => ({ name: c.name, bytes: hex(c.bytes), error: c.error }));
}

// Fp as 48 big-endian bytes; `nonCanonical` writes p instead (zero, not reduced; p < 2^381 leaves
// the flag bits clear).
const g1X = (x, nonCanonical) => be(nonCanonical ? P : x, 48);
// Fp2 as c1 || c0; `nonCanonical` writes p for c1.
const g2X = (x, nonCanonical) => concat(be(nonCanonical ? P : x.c1, 48), be(x.c0, 48));
const g1Bad = xOffCurve(Fp, 4n, (i) => i);
const g2Bad = xOffCurve(Fp2, Fp2.fromBigTuple([4n, 4n]), (i) => Fp2.fromBigTuple([i, 3n]));
write('bls12_381_rejects.json', {
  source,
  g1: rejects(G1, 48, 'g1-reject', offSubgroupG1(), g1Bad, g1X, g1X, fpLarge),
  g2: rejects(G2, 96, 'g2-reject', offSubgroupG2(), g2Bad, g2X, g2X, fp2Large),
});
