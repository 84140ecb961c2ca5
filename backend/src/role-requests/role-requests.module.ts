import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AccountsModule } from '../accounts/accounts.module';
import { ROLE_REQUEST_MODEL, RoleRequestSchema } from './role-request.schema';
import { RoleRequestsService } from './role-requests.service';
import { RoleRequestsSocketEvents } from './role-requests.socket-events';

/** Role requests (users ask in the corporation area, admins decide in the admin area). */
@Module({
  imports: [MongooseModule.forFeature([{ name: ROLE_REQUEST_MODEL, schema: RoleRequestSchema }]), AccountsModule],
  providers: [RoleRequestsSocketEvents, RoleRequestsService],
  exports: [RoleRequestsService],
})
export class RoleRequestsModule {}
