import { type Command, Option } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import {
  addDryRunFlag,
  addFileFlags,
  type FileFlags,
  runRecordsVerb,
  type WriteFlags,
} from '../../cli/write-helpers.js';

export interface UpdateFlags extends WriteFlags, FileFlags {
  name?: string;
  admin?: string;
  demo?: boolean;
  city?: string;
  country?: string;
  email?: string;
  mobile?: string;
  pin?: string;
  state?: string;
  street?: string;
  website?: string;
}

export function registerOrgUpdate(parent: Command, f: Factory): Command {
  const cmd = parent
    .command('update')
    .description(
      'Update an organization and its address (PUT /org/update): the fields given, from flags or a file',
    )
    .argument('[orgUuid]', 'the organization to update')
    .addOption(new Option('--name <name>', 'organization name (orgName)'))
    .addOption(new Option('--admin <admin>', 'organization admin (orgAdmin)'))
    .addOption(new Option('--demo', 'mark it a demo organization (isDemo)'))
    .addOption(new Option('--no-demo', 'mark it not a demo organization'))
    .addOption(new Option('--city <city>', 'address: city'))
    .addOption(new Option('--country <country>', 'address: country'))
    .addOption(new Option('--email <email>', 'address: e-mail (orgEmail)'))
    .addOption(new Option('--mobile <number>', 'address: mobile (orgMobile)'))
    .addOption(new Option('--pin <pin>', 'address: postal code'))
    .addOption(new Option('--state <state>', 'address: state'))
    .addOption(new Option('--street <street>', 'address: street (streetAddress)'))
    .addOption(new Option('--website <url>', 'address: website'));
  addFileFlags(cmd, 'organizations');
  addDryRunFlag(cmd)
    .addHelpText(
      'after',
      examples(
        'ccp org update a0000000-0000-4000-8000-000000000001 --name "Acme Corp" --city Pune',
        'ccp org update a0000000-0000-4000-8000-000000000001 --no-demo',
        'ccp org update -f orgs.json',
        'ccp org update --skeleton > orgs.json',
      ),
    )
    .action(async (orgUuid: string | undefined, flags: UpdateFlags) => {
      // The behaviour and its schemas load here, so help and other commands never load zod.
      const run = await import('./update-run.js');
      await runRecordsVerb(f, flags, 'organization', {
        skeleton: run.writeOrgSkeleton,
        records: () => run.orgUpdateRecords(f, orgUuid, flags),
        run: run.runOrgUpdate,
      });
    });
  return cmd;
}
