#include <cstdio>
#include <pthread.h>
__global__ void k(){}
void*p;int mode;cudaError_t r;
void*B(void*){cudaSetDevice(0);
 if(mode==0)r=cudaDeviceSynchronize();
 else if(mode==1)r=cudaMemset(p,0,64);
 else {int h;r=cudaMemcpy(&h,p,4,cudaMemcpyDeviceToHost);}
 return 0;}
int main(){cudaSetDevice(0);cudaMalloc(&p,64);
 const char*n[]={"DeviceSynchronize","cudaMemset(legacy)","cudaMemcpy D2H"};
 for(int blocking=0;blocking<2;++blocking)for(mode=0;mode<3;++mode){
  cudaStream_t s;cudaStreamCreateWithFlags(&s,blocking?cudaStreamDefault:cudaStreamNonBlocking);
  cudaStreamBeginCapture(s,cudaStreamCaptureModeThreadLocal);k<<<1,1,0,s>>>();
  pthread_t t;pthread_create(&t,0,B,0);pthread_join(t,0);
  k<<<1,1,0,s>>>();cudaGraph_t g=0;cudaError_t e=cudaStreamEndCapture(s,&g);
  printf("%s stream, other thread %s: %s; EndCapture: %s\n",blocking?"blocking":"nonblocking",n[mode],cudaGetErrorName(r),cudaGetErrorName(e));
  if(g)cudaGraphDestroy(g);cudaGetLastError();cudaDeviceSynchronize();cudaGetLastError();cudaStreamDestroy(s);}
}
