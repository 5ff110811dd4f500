import { ContainerModule } from 'inversify';
import { LENIENT_JSON_READER } from '../../core/ports/lenient-json-reader.port';
import { JsonRepairLenientJsonReader } from './jsonrepair-lenient-json-reader';

/** LENIENT_JSON_READER, which reads the JSON a model wrote (the prompt optimizer's intent analysis). */
export function lenientJsonReaderModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(LENIENT_JSON_READER).toConstantValue(new JsonRepairLenientJsonReader());
  });
}
