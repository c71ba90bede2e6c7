#!/usr/bin/env python3
"""Writes porep_challenges.json: replica_id and porep challenges for records of rust-fil-proofs'
filecoin-proofs/tests/seal_regression_records-v16.json and -v18.json (commit 87348a74).

An implementation independent of cuzk's C++ (hashlib SHA-256 and keyed BLAKE2b, the
`cryptography` package's RFC 8439 ChaCha20), written from challenges.rs and params.rs.
replica_id and the interactive challenges of v16 lines 2 and 443 also match the values derived
independently in docs/spec c1-and-groth16-files.md section 3.3/3.4.

  python3 porep_challenges_gen.py v16.jsonl v18.jsonl > porep_challenges.json
"""
import hashlib, json, sys
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms

PICK = {0: [1, 2, 3, 4, 443, 444], 1: [5, 111, 113]}  # 1-based line numbers per file
NODE = 32
SIZES = {2048: (1, 2, 13), 8388608: (1, 2, 13), 536870912: (1, 2, 13),
         34359738368: (10, 18, 126), 68719476736: (10, 18, 126)}  # partitions, cpp, NI partitions

def replica_id(r):
    h = bytearray(hashlib.sha256(bytes(r['prover_id']) + r['sector_id'].to_bytes(8, 'big') +
                                 bytes(r['ticket']) + bytes(r['comm_d']) +
                                 bytes(r['porep_config']['porep_id'])).digest())
    h[31] &= 0x3f
    return bytes(h)

def reduce(h, nodes):
    return int.from_bytes(h, 'little') % (nodes - 1) + 1

def keystream(key, offset, n):
    block, skip = divmod(offset, 64)
    nonce = block.to_bytes(4, 'little') + b'synth-porep\x00'
    enc = Cipher(algorithms.ChaCha20(key, nonce), mode=None).encryptor()
    return enc.update(bytes(skip + n))[skip:]

def challenges(r, rid, k, cpp):
    nodes = r['porep_config']['sector_size'] // NODE
    feats = r['porep_config']['api_features']
    if 'NonInteractivePoRep' in feats:
        tag = b'filecoin.io|PoRep|1|NonInteractive|1'
        return [reduce(hashlib.sha256(tag + rid + bytes(r['comm_r']) +
                                      (cpp * k + i).to_bytes(4, 'little')).digest(), nodes)
                for i in range(cpp)]
    if 'SyntheticPoRep' in feats:
        count = min(nodes, 1 << 18)
        gen = hashlib.blake2b(rid + bytes(r['comm_r']), digest_size=32,
                              key=b'filecoin.io|PoRep|1|Synthetic|1|Generation').digest()
        sel = hashlib.blake2b(rid + bytes(r['seed']), digest_size=32,
                              key=b'filecoin.io|PoRep|1|Synthetic|1|Selection').digest()
        words = keystream(sel, 4 * k * cpp, 4 * cpp)
        out = []
        for i in range(cpp):
            idx = int.from_bytes(words[4 * i:4 * i + 4], 'little') % count
            out.append(reduce(keystream(gen, 32 * idx, 32), nodes))
        return out
    return [reduce(hashlib.sha256(rid + bytes(r['seed']) +
                                  (cpp * k + i).to_bytes(4, 'little')).digest(), nodes)
            for i in range(cpp)]

def main():
    out = []
    for file_index, path in enumerate(sys.argv[1:3]):
        lines = open(path).read().splitlines()
        for line in PICK[file_index]:
            r = json.loads(lines[line - 1])
            c = r['porep_config']
            partitions, cpp, ni_partitions = SIZES[c['sector_size']]
            if 'NonInteractivePoRep' in c['api_features']:
                partitions = ni_partitions
            assert c['partitions'] == partitions
            rid = replica_id(r)
            parts = sorted({0, partitions - 1})
            rec = {
                'record': ['v16', 'v18'][file_index] + ':' + str(line),
                'sector_size': c['sector_size'], 'porep_id': bytes(c['porep_id']).hex(),
                'api_version': c['api_version'], 'api_features': c['api_features'],
                'partitions': partitions, 'challenges_per_partition': cpp,
                'prover_id': bytes(r['prover_id']).hex(), 'sector_id': r['sector_id'],
                'ticket': bytes(r['ticket']).hex(), 'seed': bytes(r['seed']).hex(),
                'comm_d': bytes(r['comm_d']).hex(), 'comm_r': bytes(r['comm_r']).hex(),
                'replica_id': rid.hex(),
                'challenges': {str(k): challenges(r, rid, k, cpp) for k in parts},
            }
            if 'NonInteractivePoRep' not in c['api_features']:
                rec['proof'] = bytes(r['proof']).hex()
            out.append(rec)
    json.dump({'source': 'rust-fil-proofs 87348a74 filecoin-proofs/tests/'
                         'seal_regression_records-v16.json and -v18.json; made by '
                         'porep_challenges_gen.py (hex = bytes in file order)',
               'records': out}, sys.stdout, indent=1)
    print()

main()
