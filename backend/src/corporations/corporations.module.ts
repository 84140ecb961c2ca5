import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CORPORATION_MODEL, CorporationSchema } from './corporation.schema';
import { CorporationsService } from './corporations.service';

/** Registered corporations, owner of `corporations` (admins manage them; the corporation area reads them). */
@Module({
  imports: [MongooseModule.forFeature([{ name: CORPORATION_MODEL, schema: CorporationSchema }])],
  providers: [CorporationsService],
  exports: [CorporationsService],
})
export class CorporationsModule {}
