import type { Command } from 'commander';
import { Option } from 'commander';
import type { NotificationOption } from '../../domain/notification.js';
import { collect, parseAssignment } from '../../kit/args.js';
import type { Factory } from '../../kit/factory.js';
import type { WriteFlags } from '../../kit/write/flags.js';
import { requireValue } from '../../kit/write/prompts.js';

export interface NotificationFlags {
  type?: string;
  option?: string[];
  active?: boolean;
  inactive?: boolean;
}

/** What notify save and update take: the notification flags and the write flags. */
export type NotifyFlags = WriteFlags & NotificationFlags;

export const NOTIFICATION_EXAMPLE = {
  type: 'EMAIL',
  isActive: true,
  notificationOptions: [
    { attributeName: 'recipient', attributeValue: 'ops@acme.example' },
    { attributeName: 'subject', attributeValue: 'Device offline' },
  ],
};

/** --type, repeated --option NAME=VALUE and --active/--inactive. */
export function addNotificationFlags(cmd: Command): Command {
  return cmd
    .addOption(new Option('--type <type>', 'notification type, e.g. EMAIL'))
    .addOption(
      new Option(
        '--option <NAME=VALUE>',
        'a notification option (attributeName=attributeValue); repeat it',
      ).argParser(collect),
    )
    .addOption(new Option('--active', 'mark it active'))
    .addOption(new Option('--inactive', 'mark it inactive'));
}

export function notificationOptions(assignments: string[] | undefined): NotificationOption[] | undefined {
  if (!assignments || assignments.length === 0) return undefined;
  return assignments.map((a) => {
    const { key, value } = parseAssignment(a, '--option');
    return { attributeName: key, attributeValue: value };
  });
}

/** isActive from --active/--inactive (the caller has refused both); undefined leaves it to the service. */
export function activeFlag(flags: NotificationFlags): boolean | undefined {
  if (flags.active) return true;
  if (flags.inactive) return false;
  return undefined;
}

/**
 * The fields --type (asked for on a terminal if missing), --option and --active/--inactive give a
 * notification; `orElse` is the other way to give them, named when --type is missing off a terminal.
 */
export async function notificationOf(f: Factory, flags: NotificationFlags, orElse?: string) {
  const type = await requireValue(f, flags.type, {
    flag: '--type',
    message: 'Notification type',
    orElse,
  });
  return { type, isActive: activeFlag(flags), notificationOptions: notificationOptions(flags.option) };
}
