import { describeAreaModule } from '@plinth/area-kit/testing';
import manifest from '../area.manifest';
import packageJson from '../package.json';
import * as exposed from './index';

describeAreaModule({ manifest, exposed, packageVersion: packageJson.version });
