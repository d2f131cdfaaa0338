#!/usr/bin/env python3
"""Checks the packages scripts/package.sh wrote (CONTRACT.md, "Packages").

    check.py [DIST]        (default: dist/ of the checkout)

- the tarball holds bin/memlint, LICENSE, README.md and docs/; `ldd` of its
  memlint names no libLLVM/libMLIR (nor anything not found);
- that memlint, run as `env -i ./memlint ...` (no PATH, no LD_LIBRARY_PATH):
  `--version`, `lint` of examples/transformer_block.mlir (exit 1, its leak
  and double free), IR of every dialect the lint registers, and an LSP
  session (initialize, diagnostics, shutdown, exit);
- the .deb: `dpkg-deb -c` lists ./usr/bin/memlint, `dpkg-deb -f` names the
  package, version and amd64, and Depends names no llvm/mlir;
- the .vsix (a zip): extension/bin/memlint, executable, and the bundle;
  its manifest targets linux-x64;
- the three carry the same binary.

Prints one line per check and "N passed, N failed".
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))

passed = 0
failed = 0


def check(name, ok, detail=''):
    global passed, failed
    if ok:
        passed += 1
        print(f'PASS {name}')
    else:
        failed += 1
        print(f'FAIL {name}' + (f': {detail}' if detail else ''))
    return ok


def version():
    with open(os.path.join(ROOT, 'CMakeLists.txt')) as f:
        return re.search(r'^project\(memlint VERSION ([0-9.]+)', f.read(), re.M).group(1)


def sha256(path):
    with open(path, 'rb') as f:
        return hashlib.sha256(f.read()).hexdigest()


def run_clean(args, cwd, stdin=None, timeout=120):
    """Runs with an empty environment, as `env -i` does."""
    return subprocess.run(['env', '-i'] + args, cwd=cwd, input=stdin,
                          capture_output=True, timeout=timeout)


def lsp_session(binary, cwd, uri, text):
    def frame(msg):
        body = json.dumps({'jsonrpc': '2.0', **msg}).encode()
        return b'Content-Length: %d\r\n\r\n' % len(body) + body
    messages = [
        {'id': 1, 'method': 'initialize', 'params': {'processId': None, 'rootUri': None, 'capabilities': {}}},
        {'method': 'initialized', 'params': {}},
        {'method': 'textDocument/didOpen', 'params': {'textDocument': {
            'uri': uri, 'languageId': 'mlir', 'version': 1, 'text': text}}},
    ]
    # shutdown and exit go once the diagnostics have come.
    proc = subprocess.Popen(['env', '-i', binary, 'lsp'], cwd=cwd, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    watchdog = threading.Timer(120, proc.kill)  # a server that never answers fails, not hangs
    watchdog.start()
    proc.stdin.write(b''.join(frame(m) for m in messages))
    proc.stdin.flush()
    got = []
    diagnostics = None
    shutdown_sent = False
    while True:
        header = b''
        while not header.endswith(b'\r\n\r\n'):
            c = proc.stdout.read(1)
            if not c:
                break
            header += c
        if not header.endswith(b'\r\n\r\n'):
            break
        length = int(re.search(rb'Content-Length: *(\d+)', header, re.I).group(1))
        msg = json.loads(proc.stdout.read(length))
        got.append(msg)
        if msg.get('method') == 'textDocument/publishDiagnostics' and msg['params']['diagnostics']:
            diagnostics = msg['params']['diagnostics']
        if diagnostics is not None and not shutdown_sent:
            proc.stdin.write(frame({'id': 2, 'method': 'shutdown'}) + frame({'method': 'exit'}))
            proc.stdin.close()
            shutdown_sent = True
        if msg.get('id') == 2:
            break
    rc = proc.wait(timeout=60)
    watchdog.cancel()
    return got, diagnostics, rc


def check_binary(binary, workdir):
    bindir = os.path.dirname(binary)
    ldd = subprocess.run(['ldd', binary], capture_output=True, text=True)
    libs = ldd.stdout + ldd.stderr
    check('ldd names no libLLVM/libMLIR', not re.search(r'lib(LLVM|MLIR)', libs), libs)
    check('ldd finds every library it names', 'not found' not in libs, libs)

    r = run_clean(['./memlint', '--version'], bindir)
    check('env -i ./memlint --version', r.returncode == 0 and version() in r.stdout.decode(),
          f'rc {r.returncode}: {r.stdout.decode()}{r.stderr.decode()}')

    example = os.path.join(workdir, 'transformer_block.mlir')
    shutil.copy(os.path.join(ROOT, 'examples', 'transformer_block.mlir'), example)
    r = run_clean([os.path.join('.', os.path.relpath(binary, workdir)), 'lint', '--no-color',
                   'transformer_block.mlir'], workdir)
    out = r.stdout.decode()
    check('env -i memlint lint: exit 1', r.returncode == 1, f'rc {r.returncode}: {out}{r.stderr.decode()}')
    check('env -i memlint lint: the double free',
          'transformer_block.mlir:30:3: error: buffer %mean is freed twice [double-free]' in out, out)
    check('env -i memlint lint: the leak',
          'transformer_block.mlir:8:13: warning: buffer %scores is never freed when %use_bias is false' in out, out)

    # The dialects memlint's lint registers, each in its custom syntax (an
    # unregistered dialect only parses in the generic one).
    r = run_clean(['./memlint', 'lint', '--no-color', os.path.join(HERE, 'dialects.mlir')], bindir)
    out = r.stdout.decode() + r.stderr.decode()
    check('env -i memlint lint: IR of many dialects parses (its one leak found)',
          r.returncode == 1 and '[leak]' in out and out.count('[leak]') == 1, f'rc {r.returncode}: {out}')

    with open(example) as f:
        text = f.read()
    try:
        got, diagnostics, rc = lsp_session(binary, workdir, 'file://' + example, text)
        init = next((m for m in got if m.get('id') == 1), {})
        check('env -i memlint lsp: initialize answered',
              'capabilities' in init.get('result', {}), json.dumps(got)[:2000])
        codes = sorted({d.get('code') for d in diagnostics or []})
        check('env -i memlint lsp: diagnostics of the example', 'double-free' in codes and 'leak' in codes, codes)
        check('env -i memlint lsp: shutdown and exit 0', any(m.get('id') == 2 for m in got) and rc == 0,
              f'rc {rc}')
    except (subprocess.TimeoutExpired, OSError, ValueError) as e:
        check('env -i memlint lsp', False, repr(e))


def main():
    dist = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, 'dist'))
    v = version()
    tarball = os.path.join(dist, f'memlint-{v}-linux-x86_64.tar.gz')
    deb = os.path.join(dist, f'memlint_{v}_amd64.deb')
    vsix = os.path.join(dist, f'memlint-linux-x64-{v}.vsix')
    for f in (tarball, deb, vsix):
        check(f'{os.path.basename(f)} exists', os.path.isfile(f), f'run scripts/package.sh')

    work = tempfile.mkdtemp(prefix='memlint-package-')
    hashes = {}
    try:
        if os.path.isfile(tarball):
            with tarfile.open(tarball) as t:
                names = t.getnames()
                check('tarball: bin/memlint, LICENSE, README.md, docs/',
                      all(n in names for n in ('bin/memlint', 'LICENSE', 'README.md', 'docs/ownership-model.md')),
                      ' '.join(names[:20]))
                member = t.getmember('bin/memlint') if 'bin/memlint' in names else None
                check('tarball: bin/memlint is executable', member is not None and member.mode & 0o111 != 0)
                t.extractall(os.path.join(work, 'tar'))
            binary = os.path.join(work, 'tar', 'bin', 'memlint')
            if os.path.isfile(binary):
                hashes['tarball'] = sha256(binary)
                print(f'     bin/memlint: {os.path.getsize(binary)} bytes, '
                      f'{os.path.getsize(tarball)} bytes in the .tar.gz')
                check_binary(binary, work)

        if os.path.isfile(deb):
            listing = subprocess.run(['dpkg-deb', '-c', deb], capture_output=True, text=True).stdout
            check('deb: dpkg-deb -c lists ./usr/bin/memlint',
                  re.search(r'^-rwxr-xr-x .* \./usr/bin/memlint$', listing, re.M) is not None, listing)
            fields = {}
            for field in ('Package', 'Version', 'Architecture', 'Depends'):
                fields[field] = subprocess.run(['dpkg-deb', '-f', deb, field],
                                               capture_output=True, text=True).stdout.strip()
            check('deb: Package memlint, Version, Architecture amd64',
                  (fields['Package'], fields['Version'], fields['Architecture']) == ('memlint', v, 'amd64'), fields)
            check('deb: Depends names no llvm/mlir', not re.search(r'llvm|mlir', fields['Depends'], re.I),
                  fields['Depends'])
            subprocess.run(['dpkg-deb', '-x', deb, os.path.join(work, 'deb')], check=True)
            hashes['deb'] = sha256(os.path.join(work, 'deb', 'usr', 'bin', 'memlint'))

        if os.path.isfile(vsix):
            with zipfile.ZipFile(vsix) as z:
                names = z.namelist()
                check('vsix: extension/bin/memlint, the bundle and the manifest',
                      all(n in names for n in ('extension/bin/memlint', 'extension/dist/extension.js',
                                               'extension/package.json', 'extension.vsixmanifest')),
                      ' '.join(names))
                if 'extension/bin/memlint' in names:
                    info = z.getinfo('extension/bin/memlint')
                    check('vsix: extension/bin/memlint is executable', (info.external_attr >> 16) & 0o111 != 0,
                          oct(info.external_attr >> 16))
                    hashes['vsix'] = hashlib.sha256(z.read('extension/bin/memlint')).hexdigest()
                manifest = z.read('extension.vsixmanifest').decode()
                check('vsix: TargetPlatform linux-x64', 'TargetPlatform="linux-x64"' in manifest, manifest[:600])

        check('the tarball, the .deb and the .vsix carry the same binary',
              len(hashes) == 3 and len(set(hashes.values())) == 1, hashes)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
