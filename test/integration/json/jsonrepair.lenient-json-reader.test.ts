import { JsonRepairLenientJsonReader } from '../../../adapters/json/jsonrepair-lenient-json-reader';
import { describeLenientJsonReaderContract } from '../ports/lenient-json-reader.contract';

describeLenientJsonReaderContract('JsonRepairLenientJsonReader', () => new JsonRepairLenientJsonReader());
