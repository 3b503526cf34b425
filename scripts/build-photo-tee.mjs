// npm install's postinstall: compiles native/photo-tee (decision 0053) against the libvips that sharp ships,
// into build/photo-tee.node. It never fails the install: without a C compiler, Node's headers or the libvips
// headers (@img/sharp-libvips-dev, a dev dependency), it says why and the server re-encodes through sharp
// alone, with the same stored bytes and measures at a higher CPU cost. Plain JavaScript: it runs before
// anything is built and on a production install, where tsx is absent.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'native', 'photo-tee', 'photo-tee.c');
const target = path.join(root, 'build', 'photo-tee.node');

function skip(reason) {
  rmSync(target, { force: true });
  console.log(`photo-tee: not built (${reason}); uploads re-encode through sharp alone`);
  process.exit(0);
}

if (process.env.PHOTO_TEE === 'off') skip('PHOTO_TEE=off');
if (process.platform !== 'linux') skip(`only built on Linux, this is ${process.platform}`);

const readVersion = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
const modules = path.join(root, 'node_modules', '@img');
const libPackage = path.join(modules, `sharp-libvips-linux-${process.arch}`);
const devPackage = path.join(modules, 'sharp-libvips-dev');
const nodeHeaders = path.join(path.dirname(process.execPath), '..', 'include', 'node');

if (!existsSync(libPackage)) skip(`no ${path.relative(root, libPackage)}`);
if (!existsSync(devPackage)) skip('no @img/sharp-libvips-dev: a production install');
if (!existsSync(path.join(nodeHeaders, 'node_api.h'))) skip(`no node_api.h in ${nodeHeaders}`);
// The headers must describe the very library we link: a different libvips could lay its structs out otherwise.
if (readVersion(libPackage) !== readVersion(devPackage))
  skip(`@img/sharp-libvips-dev ${readVersion(devPackage)} against sharp's libvips ${readVersion(libPackage)}`);

const lib = path.join(libPackage, 'lib');
const library = readdirSync(lib).find((name) => /^libvips-cpp\.so\.\d/.test(name));
if (!library) skip(`no libvips-cpp.so in ${lib}`);
const include = path.join(devPackage, 'include');

mkdirSync(path.dirname(target), { recursive: true });
const partial = `${target}.${process.pid}`;
const args = [
  ...['-O2', '-shared', '-fPIC', '-std=gnu11', '-Wall', '-o', partial, source],
  ...[nodeHeaders, include, path.join(include, 'glib-2.0'), path.join(lib, 'glib-2.0', 'include')].map((dir) => `-I${dir}`),
  ...[`-L${lib}`, `-l:${library}`, `-Wl,-rpath,${lib}`],
];
try {
  execFileSync(process.env.CC ?? 'cc', args, { stdio: ['ignore', 'inherit', 'inherit'] });
  renameSync(partial, target);
  console.log(`photo-tee: built ${path.relative(root, target)} against ${library}`);
} catch (error) {
  rmSync(partial, { force: true });
  skip(error instanceof Error ? error.message.split('\n')[0] : String(error));
}
