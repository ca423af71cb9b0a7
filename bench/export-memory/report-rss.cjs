// Preloaded into the ccp process: reports its peak resident memory on exit (fd 3, away from the data).
process.on('exit', () => {
  try {
    require('node:fs').writeSync(3, `${process.resourceUsage().maxRSS}\n`);
  } catch {}
});
