import type { Command } from 'commander';
import type { Factory } from '../../kit/factory.js';
import { registerApiRequest } from './request.js';

export function registerApi(program: Command, f: Factory): Command {
  return registerApiRequest(program, f);
}
