/**
 * A private Secret Service for tests: a session bus of our own (dbus-daemon with a temp config, no service
 * activation, so a keyring killed stays gone) and Debian's gnome-keyring on it, its login keyring unlocked
 * with a password on stdin. Nothing reaches the developer's own bus or keyring.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const TOOLS = ['dbus-daemon', 'dbus-send', 'gnome-keyring-daemon', 'secret-tool'] as const;

/** Why the keyring tests cannot run here (a tool missing), or undefined when they can. */
export function keyringMissing(): string | undefined {
  const missing = TOOLS.filter((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status !== 0);
  return missing.length
    ? `no ${missing.join(', ')}: apt-get install dbus gnome-keyring libsecret-tools`
    : undefined;
}

export interface TestKeyring {
  /** DBUS_SESSION_BUS_ADDRESS for ccp's environment. */
  env: NodeJS.ProcessEnv;
  /** The secret stored under service `ccp` and `account`, as secret-tool (libsecret) finds it; null for none. */
  lookup(account: string): string | null;
  /** Stops the keyring daemon (the bus stays): the store is gone. */
  killKeyring(): Promise<void>;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await exited(child);
}

/** Starts the bus and the keyring under `dir` (its HOME and XDG folders). */
export async function startKeyring(dir: string): Promise<TestKeyring> {
  const run = join(dir, 'keyring-run');
  mkdirSync(run, { recursive: true, mode: 0o700 });
  const config = join(run, 'bus.conf');
  writeFileSync(
    config,
    `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=${run}</listen>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`,
  );
  const bus = spawn('dbus-daemon', [`--config-file=${config}`, '--nofork', '--print-address=1'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    let out = '';
    bus.stdout!.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      if (out.includes('\n')) resolve(out.split('\n')[0]!.trim());
    });
    bus.once('exit', (code) => reject(new Error(`dbus-daemon exited (${code}) before giving its address`)));
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: dir,
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_RUNTIME_DIR: run,
    DBUS_SESSION_BUS_ADDRESS: address,
  };
  const keyring = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], {
    env,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  keyring.stdin!.end('test-keyring-password');
  const owned = () =>
    spawnSync(
      'dbus-send',
      [
        '--session',
        '--print-reply',
        '--dest=org.freedesktop.DBus',
        '/org/freedesktop/DBus',
        'org.freedesktop.DBus.NameHasOwner',
        'string:org.freedesktop.secrets',
      ],
      { env, encoding: 'utf8' },
    ).stdout.includes('boolean true');
  const until = Date.now() + 10_000;
  while (!owned()) {
    if (Date.now() > until || keyring.exitCode !== null) {
      await stopChild(keyring);
      await stopChild(bus);
      throw new Error('gnome-keyring-daemon did not take org.freedesktop.secrets within 10 s');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    env: { DBUS_SESSION_BUS_ADDRESS: address },
    lookup(account) {
      const r = spawnSync('secret-tool', ['lookup', 'service', 'ccp', 'username', account], {
        env,
        encoding: 'utf8',
      });
      return r.status === 0 ? r.stdout : null;
    },
    killKeyring: () => stopChild(keyring),
    async stop() {
      await stopChild(keyring);
      await stopChild(bus);
    },
  };
}
