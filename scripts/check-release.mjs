// Checks a release's files before it is published: every installer electron-builder.yml makes,
// the update feeds (latest.yml, latest-mac.yml, latest-linux.yml) listing exactly those files with
// their true SHA-512 and size, and the blockmaps electron-updater's differential download needs.
// release.yml runs it on each OS's build output and on the draft's files (downloaded into a folder)
// before publishing; it runs the same against any folder:
//
//   node scripts/check-release.mjs <folder> [--version 1.2.3]             (a whole release: the draft)
//   node scripts/check-release.mjs <folder> --os linux [--version 1.2.3]   (one OS's build output)
//   node scripts/check-release.mjs --list --os linux [--version 1.2.3]     (the files one OS's job uploads)
//
// Without --os the folder is the whole release and nothing else may be in it. With --os it is
// electron-builder's output folder, which always holds more than is uploaded (its unpacked app
// folders, builder-debug.yml, builder-effective-config.yaml): only the files that OS uploads are
// checked there, and the strict check of the draft catches anything extra that reached it.
// The version defaults to package.json's. Exit status 1 with one line per problem.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, inflateRawSync } from 'node:zlib';

const require = createRequire(import.meta.url);
// js-yaml and builder-util come with electron-builder (`npm ci --ignore-scripts` is enough).
const yaml = require('js-yaml');
const { Arch, getArtifactArchName } = require('builder-util/out/arch');

export const OSES = ['win', 'mac', 'linux'];
const CONFIG_KEY = { win: 'win', mac: 'mac', linux: 'linux' };
const FEED = { win: 'latest.yml', mac: 'latest-mac.yml', linux: 'latest-linux.yml' };

/**
 * What each kind of target leaves in a release, as electron-builder makes it: the file's extension,
 * whether the OS's update feed lists it, and its blockmap (a `.blockmap` file beside it, inside the
 * file itself as the AppImage's is, or none).
 */
function targetRule(config, target) {
  switch (target) {
    case 'nsis':
      return { ext: 'exe', inFeed: true, blockmap: 'file' };
    case 'zip':
      return { ext: 'zip', inFeed: true, blockmap: 'file' };
    case 'dmg': {
      const writes = config.dmg?.writeUpdateInfo !== false;
      return { ext: 'dmg', inFeed: false, blockmap: writes ? 'file' : null };
    }
    case 'AppImage':
      return { ext: 'AppImage', inFeed: true, blockmap: 'embedded' };
    case 'deb':
    case 'rpm':
      return { ext: target, inFeed: true, blockmap: null };
    default:
      throw new Error(`check-release does not know what electron-builder's "${target}" target makes`);
  }
}

/** `PlanDesk-${version}-${os}-${arch}.${ext}` as electron-builder expands it. */
function artifactName(config, { version, os, arch, ext }) {
  const vars = {
    version,
    os,
    arch: getArtifactArchName(Arch[arch], ext),
    ext,
    productName: config.productName,
    name: config.productName,
  };
  return config.artifactName.replace(/\$\{(\w+)\}/g, (_, key) => {
    if (!(key in vars)) throw new Error(`artifactName uses \${${key}}, which check-release does not expand`);
    return vars[key];
  });
}

/** Every file a complete release holds for the given OSes, from electron-builder.yml. */
export function expectedRelease(config, version, oses = OSES) {
  const files = [];
  for (const os of oses) {
    const osConfig = config[CONFIG_KEY[os]] ?? {};
    for (const { target, arch } of osConfig.target ?? []) {
      const rule = targetRule(config, target);
      for (const a of arch) {
        const name = artifactName(config, { version, os, arch: a, ext: rule.ext });
        files.push({ name, os, inFeed: rule.inFeed, blockmap: rule.blockmap });
      }
    }
  }
  return { version, files, feeds: oses.map((os) => FEED[os]) };
}

export function loadConfig(file = 'electron-builder.yml') {
  return yaml.load(readFileSync(file, 'utf8'));
}

const sha512 = (file) => createHash('sha512').update(readFileSync(file)).digest('base64');

/** Whether a blockmap's chunks add up to `size` (null) or what is wrong. */
function chunksProblem(map, size) {
  const total = (map.files ?? []).reduce((sum, f) => sum + (f.sizes ?? []).reduce((a, b) => a + b, 0), 0);
  return total === size ? null : `its chunks add up to ${total} bytes, the file has ${size}`;
}

/** A blockmap: gzipped JSON whose chunks add up to the size of the file it maps. */
function blockmapProblem(file, size) {
  try {
    return chunksProblem(JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')), size);
  } catch (err) {
    return `not a gzipped JSON blockmap (${err.message})`;
  }
}

/**
 * The blockmap electron-builder appends to an AppImage: raw-deflated JSON, then its length as a
 * 4-byte big-endian number at the very end. electron-updater reads the new version's map from the
 * last `blockMapSize + 4` bytes the feed announces, so the feed's figure must be the file's own.
 */
function embeddedBlockmapProblem(file, blockMapSize) {
  if (!Number.isSafeInteger(blockMapSize) || blockMapSize <= 0)
    return 'has no blockMapSize: updates to this release download the whole file';
  const size = statSync(file).size;
  if (size < blockMapSize + 4) return `blockMapSize ${blockMapSize} is larger than the file`;
  const tail = Buffer.alloc(blockMapSize + 4);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, tail, 0, tail.length, size - tail.length);
  } finally {
    closeSync(fd);
  }
  const embedded = tail.readUInt32BE(blockMapSize);
  if (embedded !== blockMapSize)
    return `blockMapSize ${blockMapSize} is not the file's embedded blockmap (${embedded} bytes)`;
  try {
    const map = JSON.parse(inflateRawSync(tail.subarray(0, blockMapSize)).toString('utf8'));
    const why = chunksProblem(map, size - blockMapSize - 4);
    return why ? `its embedded blockmap: ${why}` : null;
  } catch (err) {
    return `its embedded blockmap is not deflated JSON (${err.message})`;
  }
}

/**
 * One update feed: its version, each file it lists present with that SHA-512 and size (and an
 * embedded blockmap where the file carries one), and its top-level `path`/`sha512` (what older
 * updaters read) naming one of those files with that file's own SHA-512.
 */
function feedProblems(folder, feedName, version, expectedInFeed, embedsBlockmap) {
  const problems = [];
  const feedPath = path.join(folder, feedName);
  if (!existsSync(feedPath)) return [`${feedName} is missing: installed copies would never see this release`];
  let feed;
  try {
    feed = yaml.load(readFileSync(feedPath, 'utf8'));
  } catch (err) {
    return [`${feedName} is not valid YAML (${err.message.split('\n')[0]})`];
  }
  if (feed?.version !== version) problems.push(`${feedName} is for version ${feed?.version}, not ${version}`);
  const listed = new Map((feed?.files ?? []).map((f) => [f.url, f]));
  for (const name of expectedInFeed) {
    if (!listed.has(name)) problems.push(`${feedName} does not list ${name}`);
  }
  for (const [url, entry] of listed) {
    const file = path.join(folder, url);
    if (!expectedInFeed.includes(url))
      problems.push(`${feedName} lists ${url}, which this release should not have`);
    if (!existsSync(file)) {
      problems.push(`${feedName} lists ${url}, which is not in the release`);
      continue;
    }
    if (entry.size !== statSync(file).size) {
      problems.push(`${feedName} gives ${url} ${entry.size} bytes; the file has ${statSync(file).size}`);
    }
    if (entry.sha512 !== sha512(file)) {
      problems.push(`${feedName}'s SHA-512 for ${url} is not the file's: the file comes from another build`);
    }
    if (embedsBlockmap.includes(url)) {
      const why = embeddedBlockmapProblem(file, entry.blockMapSize);
      if (why) problems.push(`${feedName}: ${url} ${why}`);
    }
  }
  problems.push(...topLevelProblems(folder, feedName, feed, listed));
  return problems;
}

/** The feed's top-level `path` and `sha512`: one of its files, with that file's SHA-512. */
function topLevelProblems(folder, feedName, feed, listed) {
  if (feed?.path === undefined && feed?.sha512 === undefined) return [];
  if (feed?.path === undefined || feed?.sha512 === undefined)
    return [`${feedName} has a top-level ${feed?.path === undefined ? 'sha512' : 'path'} without the other`];
  if (!listed.has(feed.path)) return [`${feedName}'s path ${feed.path} is not among its files`];
  const file = path.join(folder, feed.path);
  if (existsSync(file) && feed.sha512 !== sha512(file))
    return [`${feedName}'s top-level SHA-512 is not that of its path ${feed.path}`];
  return [];
}

/**
 * Everything wrong with the release in `folder` (an empty list: ready to publish). `buildOutput`:
 * the folder is electron-builder's output for `oses`, where only the files they upload count.
 */
export function checkRelease(
  folder,
  { config = loadConfig(), version, oses = OSES, buildOutput = false } = {},
) {
  const expected = expectedRelease(config, version, oses);
  const problems = [];
  const present = new Set(existsSync(folder) ? readdirSync(folder) : []);
  const wanted = new Set(expected.feeds);
  for (const f of expected.files) {
    wanted.add(f.name);
    if (!present.has(f.name)) {
      problems.push(`${f.name} is missing`);
      continue;
    }
    if (f.blockmap === 'file') {
      const map = `${f.name}.blockmap`;
      wanted.add(map);
      if (!present.has(map)) problems.push(`${map} is missing: updates to this release download whole files`);
      else {
        const why = blockmapProblem(path.join(folder, map), statSync(path.join(folder, f.name)).size);
        if (why) problems.push(`${map}: ${why}`);
      }
    }
  }
  for (const os of oses) {
    const ofOs = expected.files.filter((f) => f.os === os && f.inFeed);
    const embeds = ofOs.filter((f) => f.blockmap === 'embedded').map((f) => f.name);
    problems.push(
      ...feedProblems(
        folder,
        FEED[os],
        version,
        ofOs.map((f) => f.name),
        embeds,
      ),
    );
  }
  if (buildOutput) return { expected, problems };
  for (const name of present) {
    if (!wanted.has(name) && !name.endsWith('.blockmap'))
      problems.push(`${name} does not belong in this release`);
    else if (!wanted.has(name)) problems.push(`${name} has no installer beside it`);
  }
  return { expected, problems };
}

function parseArgs(argv) {
  const options = { list: false, folder: null, version: null, oses: OSES, buildOutput: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--list') options.list = true;
    else if (a === '--version') options.version = argv[++i];
    else if (a === '--os') {
      options.oses = String(argv[++i]).split(',');
      options.buildOutput = true;
    } else if (a.startsWith('-')) throw new Error(`unknown option ${a}`);
    else options.folder = a;
  }
  const unknown = options.oses.filter((os) => !OSES.includes(os));
  if (unknown.length) throw new Error(`unknown OS ${unknown.join(', ')} (one of ${OSES.join(', ')})`);
  options.version ??= JSON.parse(readFileSync('package.json', 'utf8')).version;
  if (!options.list && !options.folder) throw new Error('name the folder that holds the release');
  return options;
}

function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`check-release: ${err.message}`);
    process.exit(2);
  }
  const config = loadConfig();
  if (options.list) {
    const { files, feeds } = expectedRelease(config, options.version, options.oses);
    const names = files.flatMap((f) => (f.blockmap === 'file' ? [f.name, `${f.name}.blockmap`] : [f.name]));
    console.log([...names, ...feeds].join('\n'));
    return;
  }
  const { expected, problems } = checkRelease(options.folder, {
    config,
    version: options.version,
    oses: options.oses,
    buildOutput: options.buildOutput,
  });
  if (problems.length) {
    for (const p of problems) console.error(`✗ ${p}`);
    console.error(`check-release: ${problems.length} problem(s) in ${options.folder}; do not publish it.`);
    process.exit(1);
  }
  console.log(
    `check-release: ${options.folder} holds PlanDesk ${options.version} complete: ${expected.files.length} installers and archives, their blockmaps, ${expected.feeds.join(', ')}.`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
