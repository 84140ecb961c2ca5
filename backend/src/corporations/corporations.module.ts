import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CORPORATION_MODEL, CorporationSchema } from './corporation.schema';
import { CorporationsService } from './corporations.service';

/** Registered corporations (admins manage them; the corporation area reads them). */
@Global()
@Module({
  imports: [MongooseModule.forFeature([{ name: CORPORATION_MODEL, schema: CorporationSchema }])],
  providers: [CorporationsService],
  exports: [CorporationsService],
})
export class CorporationsModule {}
