// `npm start`: the configuration is read and checked before the rest of the server (the render
// engine, the face model, the database drivers) is loaded, so a bad variable is reported in a
// moment, even on a busy machine, and nothing is started half-way.
import { ConfigError, loadConfig, type Config } from './config.ts';

function checkedConfig(): Config {
  try {
    return loadConfig(process.env, process.cwd());
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const config = checkedConfig();
const { startServing } = await import('./serve.ts');
startServing(config);
