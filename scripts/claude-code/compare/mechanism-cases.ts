export function mechanismJobs(_o: { quick: boolean }) { return []; }
