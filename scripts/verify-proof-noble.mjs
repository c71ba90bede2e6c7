// Independent check of a cuzk Groth16 proof with @noble/curves (pure JavaScript, shares no code
// with cuzk): reads a vector such as test/vectors/groth16_random.json (verifying key, public
// inputs, proof in bellperson's encodings) and checks
//   e(A, B) = e(alpha, beta) * e(ic[0] + sum_i x_i ic[i+1], gamma) * e(C, delta),
// then that the same proof fails for a changed public input. Also parses the .vk byte layout
// (six uncompressed points, u32 big-endian count, ic) and checks it against the per-field hex.
//
// Run (the script resolves @noble/* from the current directory, so run it from the install):
//   mkdir -p /tmp/noble && cd /tmp/noble && npm init -y && npm install @noble/curves
//   cd /tmp/noble && node /work/main/scripts/verify-proof-noble.mjs \
//       /work/main/test/vectors/groth16_random.json
// Exit status 0 when every check passes, 1 otherwise.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const require = createRequire(join(process.cwd(), 'noop.js'));
const { bls12_381 } = await import(require.resolve('@noble/curves/bls12-381.js'));
const curvesVersion = JSON.parse(readFileSync(
  join(process.cwd(), 'node_modules/@noble/curves/package.json'), 'utf8')).version;

const G1 = bls12_381.G1.Point;
const G2 = bls12_381.G2.Point;
const { Fr, Fp12 } = bls12_381.fields;

const vectorPath = process.argv[2] ?? 'test/vectors/groth16_random.json';
const v = JSON.parse(readFileSync(vectorPath, 'utf8'));

let failures = 0;
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures += 1;
};

// fromHex validates the encoding, the curve equation and the subgroup.
const vk = {
  alpha: G1.fromHex(v.vk.alpha_g1),
  beta1: G1.fromHex(v.vk.beta_g1),
  beta: G2.fromHex(v.vk.beta_g2),
  gamma: G2.fromHex(v.vk.gamma_g2),
  delta1: G1.fromHex(v.vk.delta_g1),
  delta: G2.fromHex(v.vk.delta_g2),
  ic: v.vk.ic.map((h) => G1.fromHex(h)),
};

// The .vk layout: alpha_g1 (96) beta_g1 (96) beta_g2 (192) gamma_g2 (192) delta_g1 (96)
// delta_g2 (192) u32-BE n, n * ic (96).
const file = Buffer.from(v.vk_file, 'hex');
const fields = [['alpha_g1', 96], ['beta_g1', 96], ['beta_g2', 192], ['gamma_g2', 192],
  ['delta_g1', 96], ['delta_g2', 192]];
let offset = 0;
let layoutOk = true;
for (const [name, len] of fields) {
  layoutOk &&= file.subarray(offset, offset + len).toString('hex') === v.vk[name];
  offset += len;
}
const nIc = file.readUInt32BE(offset);
offset += 4;
layoutOk &&= nIc === v.vk.ic.length;
for (let i = 0; i < nIc; i += 1, offset += 96) {
  layoutOk &&= file.subarray(offset, offset + 96).toString('hex') === v.vk.ic[i];
}
layoutOk &&= offset === file.length;
check(layoutOk, `.vk bytes (${file.length}) follow bellperson's layout with ${nIc} ic points`);

const proofBytes = Buffer.from(v.proof, 'hex');
check(proofBytes.length === 192, 'proof is 192 bytes');
const A = G1.fromHex(proofBytes.subarray(0, 48).toString('hex'));
const B = G2.fromHex(proofBytes.subarray(48, 144).toString('hex'));
const C = G1.fromHex(proofBytes.subarray(144, 192).toString('hex'));

const inputs = v.public_inputs.map((h) => BigInt('0x' + h));
check(inputs.length + 1 === vk.ic.length, `${inputs.length} public inputs for ${vk.ic.length} ic`);

const verify = (xs) => {
  let acc = vk.ic[0];
  xs.forEach((x, i) => {
    const k = Fr.create(x);
    if (k !== 0n) acc = acc.add(vk.ic[i + 1].multiply(k));
  });
  const lhs = bls12_381.pairingBatch([
    { g1: A, g2: B },
    { g1: acc.negate(), g2: vk.gamma },
    { g1: C.negate(), g2: vk.delta },
  ]);
  return Fp12.eql(lhs, bls12_381.pairing(vk.alpha, vk.beta));
};

check(verify(inputs), 'proof verifies against the verifying key and public inputs');
check(!verify([inputs[0] + 1n, ...inputs.slice(1)]), 'proof fails for a changed public input');
check(!verify(inputs.map(() => 0n)), 'proof fails for zero public inputs');

console.log(`@noble/curves ${curvesVersion}: ${failures === 0 ? 'all checks passed' : `${failures} failed`}`);
process.exit(failures === 0 ? 0 : 1);
